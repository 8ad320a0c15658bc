// @ts-check
// The demo API's data: users and posts in memory, seeded the same way on every start so tests
// and screenshots see the same records.

/**
 * @typedef {{ id: number; first_name: string; last_name: string; email: string; age: number | null; is_admin: boolean; created_at: string; password?: string }} DemoUser
 * @typedef {{ id: number; title: string; body: string; tags: string[]; author_id: number; created_at: string }} DemoPost
 */

/** The bearer token documented for the demo: it authenticates as user 1 (Ada). */
export const DEMO_BEARER_TOKEN = 'demo-token';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Linus', 'Katherine', 'Dennis', 'Frances', 'Ken', 'Radia', 'Tim', 'Hedy', 'Guido', 'Annie', 'John', 'Sophie', 'Niklaus', 'Shafi', 'Bjarne', 'Lynn', 'James'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Torvalds', 'Johnson', 'Ritchie', 'Allen', 'Thompson', 'Perlman', 'Berners-Lee', 'Lamarr', 'van Rossum', 'Easley', 'McCarthy', 'Wilson', 'Wirth', 'Goldwasser', 'Stroustrup', 'Conway', 'Gosling'];
const TAGS = ['news', 'release', 'howto', 'api', 'laravel', 'node', 'testing'];
const SEED_TIME = Date.UTC(2024, 0, 15, 9, 30);
/** Users 1 to 42 exist on every start: the bounds the document gives the ids that name a user. */
export const DEMO_SEEDED_USERS = 42;

export function createDemoStore() {
  /** @type {Map<number, DemoUser>} */
  const users = new Map();
  /** @type {Map<number, DemoPost>} */
  const posts = new Map();
  /** session id → user id */
  const sessions = new Map();
  /** bearer token → user id; the documented fixed token is Ada's (user 1), a login adds its own. */
  const tokens = new Map([[DEMO_BEARER_TOKEN, 1]]);
  let nextUserId = 1;
  let nextPostId = 1;

  for (let i = 0; i < DEMO_SEEDED_USERS; i += 1) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const id = nextUserId++;
    users.set(id, {
      id,
      first_name: first,
      last_name: last,
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + (i >= FIRST.length ? i : '') + '@example.com',
      age: 20 + ((i * 13) % 50),
      is_admin: i === 0,
      created_at: new Date(SEED_TIME + i * 86_400_000).toISOString(),
    });
  }
  for (let i = 0; i < 25; i += 1) {
    const id = nextPostId++;
    posts.set(id, {
      id,
      title: `Post number ${id}`,
      body: `This is the body of post ${id}. It is here so lists have something to show.`,
      tags: [TAGS[i % TAGS.length], TAGS[(i + 3) % TAGS.length]],
      author_id: 1 + (i % 10),
      created_at: new Date(SEED_TIME + i * 3_600_000).toISOString(),
    });
  }

  return {
    users,
    posts,
    sessions,
    tokens,
    /** @param {Omit<DemoUser, 'id' | 'created_at'>} data */
    addUser(data) {
      const user = { ...data, id: nextUserId++, created_at: new Date().toISOString() };
      users.set(user.id, user);
      return user;
    },
    /** @param {Omit<DemoPost, 'id' | 'created_at'>} data */
    addPost(data) {
      const post = { ...data, id: nextPostId++, created_at: new Date().toISOString() };
      posts.set(post.id, post);
      return post;
    },
  };
}

/**
 * A user as the API shows it: never the password.
 * @param {DemoUser} user
 */
export function publicUser(user) {
  const { password: _password, ...shown } = user;
  return shown;
}
