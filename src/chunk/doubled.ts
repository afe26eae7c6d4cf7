type GrowableArray = Uint8Array | Uint32Array | Int32Array | Float64Array;

/** A typed array twice as long holding `array`'s values first: growth for the append-only tables. */
export function doubled<T extends GrowableArray>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}
