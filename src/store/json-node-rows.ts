/**
 * A chunk set's JSON pointers as a tree of nodes, each holding one
 * reference token (escaped as in the pointer, so the pointer is the tokens
 * joined with `/`): a key is stored once however many pointers pass
 * through it, and no index holds a key. Node 0 is the root pointer `''`
 * and has no row; the others count from 1 within the chunk set, a `parent`
 * of null being the root.
 */
export function jsonNodeRows(pointers: readonly string[]): {
  nodes: number[];
  rows: [node: number, parent: number | null, token: string][];
} {
  const children = new Map<number, Map<string, number>>();
  const rows: [number, number | null, string][] = [];
  const nodes = pointers.map((pointer) => {
    if (pointer === '') return 0;
    let parent = 0;
    for (const token of pointer.slice(1).split('/')) {
      let named = children.get(parent);
      if (named === undefined) {
        named = new Map();
        children.set(parent, named);
      }
      let node = named.get(token);
      if (node === undefined) {
        node = rows.length + 1;
        named.set(token, node);
        rows.push([node, parent === 0 ? null : parent, token]);
      }
      parent = node;
    }
    return parent;
  });
  return { nodes, rows };
}
