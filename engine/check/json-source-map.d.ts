// Types for json-source-map (the package ships none): JSON parsing that records where each JSON pointer sits.
declare module 'json-source-map' {
  namespace jsonSourceMap {
    /** 0-based line and column, and the character offset. */
    interface Location {
      line: number;
      column: number;
      pos: number;
    }
    interface PointerLocation {
      value: Location;
      valueEnd: Location;
      key?: Location;
      keyEnd?: Location;
    }
    function parse(source: string): { data: unknown; pointers: Record<string, PointerLocation> };
  }
  export = jsonSourceMap;
}
