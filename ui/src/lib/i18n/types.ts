/** One namespace file: key -> text, or a list of texts (affirmations, replies). */
export type Messages = Record<string, string | string[]>;
/** One language: namespace -> messages. `t('<namespace>.<key>')` reads one key of one namespace. */
export type Catalogue = Record<string, Messages>;
