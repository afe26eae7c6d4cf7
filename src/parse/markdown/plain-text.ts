import type { Nodes } from 'mdast';

/**
 * The visible text of a phrasing tree (a heading's title): literal values
 * and image alt text, without markup. Iterative, because emphasis runs
 * (`***...***`) can nest thousands deep within one heading line.
 */
export function plainText(root: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('value' in node && typeof node.value === 'string') parts.push(node.value);
    else if (node.type === 'image' || node.type === 'imageReference') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push(' ');
    else if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
  return parts.join('');
}
