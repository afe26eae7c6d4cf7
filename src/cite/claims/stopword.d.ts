declare module 'stopword' {
  /** Each language's list, keyed by ISO 639-3 code (`eng`, `deu`, ...). */
  const lists: Record<string, string[] | undefined>;
  export = lists;
}
