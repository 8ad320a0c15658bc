// Testing Library's waits (findBy…, waitFor) give up after 1 s by default. They wait on state, and a
// busy CI machine can take longer than that to transform and load a lazy chunk (the generator
// palette's faker import took 1.1–1.7 s at load 11): the limit is for a hang, not for speed.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
