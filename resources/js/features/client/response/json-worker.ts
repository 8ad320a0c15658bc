// Parses and formats large JSON bodies off the main thread (owned by the response viewer).
export {};
