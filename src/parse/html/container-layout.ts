import type { DefaultTreeAdapterTypes } from 'parse5';
import {
  attribute,
  CODE_ELEMENTS,
  headingLevel,
  isDisplayMath,
  isHidden,
  isSkippedTag,
  LIST_CONTAINERS,
} from './html-elements.js';
import { mathText, mathUnder } from './math-text.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Rows and widest row of a table being scanned (its own rows, not those of nested tables). */
interface TableShape {
  table: Element;
  rows: number;
  cells: number;
  maxCells: number;
}

/**
 * Decides which lists, quotes and tables are atomic blocks and which only lay
 * out other blocks ("transparent": their content flows as blocks of its own).
 * - A heading, a code block or a table inside a list, quote or table makes it
 *   transparent: a heading must open a section, and atomic blocks must not
 *   nest. A displayed formula does the same to the lists and quotes around
 *   it up to a table, whose cell reads it inline.
 * - A table with one row or one column is layout (a wrapper, columns side by
 *   side, an image with its caption), as is `role="presentation"`. Paragraphs
 *   and lists inside cells do not make a layout table: data tables such as
 *   Wikipedia's infoboxes and sortable tables hold both.
 *
 * One pass over a container's subtree decides every container below it, so
 * nested containers are never scanned twice and the cost stays linear.
 */
export class ContainerLayout {
  private readonly transparent = new Map<Element, boolean>();
  /** Lists and quotes a displayed formula lays out (kept apart: they stop at a table, headings do not). */
  private readonly formulaLayout = new Set<Element>();

  isTransparent(container: Element): boolean {
    let known = this.transparent.get(container);
    if (known === undefined) {
      this.scan(container);
      known = this.transparent.get(container)!;
    }
    return known || this.formulaLayout.has(container);
  }

  private scan(root: Element): void {
    // containers open on the current path: a breaker marks them upwards until one is
    // already marked, whose ancestors then are too, so each is marked at most once
    const containers: Element[] = [];
    const tables: TableShape[] = [];
    const nodes: ParentNode[] = [root];
    const next: number[] = [0];
    this.enter(root, containers, tables);
    while (nodes.length > 0) {
      const top = nodes.length - 1;
      const node = nodes[top]!;
      const i = next[top]!;
      if (i >= node.childNodes.length) {
        nodes.pop();
        next.pop();
        if (containers.at(-1) === node) containers.pop();
        if (tables.at(-1)?.table === node) this.decideTable(tables.pop()!);
        continue;
      }
      next[top] = i + 1;
      const child = node.childNodes[i]!;
      if (!('tagName' in child)) continue;
      if (isHidden(child)) {
        if (!isSkippedTag(child) && mathUnder(child).some(isTexDisplayMath)) {
          this.breakLists(containers);
        }
        continue;
      }
      this.enter(child, containers, tables);
      nodes.push(child);
      next.push(0);
    }
  }

  private enter(element: Element, containers: Element[], tables: TableShape[]): void {
    const tag = element.tagName;
    if (headingLevel(element) > 0 || tag === 'table' || CODE_ELEMENTS.has(tag)) {
      for (let k = containers.length - 1; k >= 0 && !this.transparent.get(containers[k]!); k--) {
        this.transparent.set(containers[k]!, true);
      }
    }
    if (isDisplayMath(element)) this.breakLists(containers);
    const shape = tables.at(-1);
    if (tag === 'tr' && shape) {
      shape.rows++;
      shape.cells = 0;
    } else if ((tag === 'td' || tag === 'th') && shape) {
      shape.cells++;
      if (shape.cells > shape.maxCells) shape.maxCells = shape.cells;
    }
    if (tag === 'table' || tag === 'blockquote' || LIST_CONTAINERS.has(tag)) {
      if (!this.transparent.has(element)) this.transparent.set(element, false);
      containers.push(element);
      if (tag === 'table') tables.push({ table: element, rows: 0, cells: 0, maxCells: 0 });
    }
  }

  /**
   * A displayed formula is a block of its own, so the lists and quotes
   * around it lay out blocks; a table keeps it inline in its cell, as it
   * keeps the table whole.
   */
  private breakLists(containers: Element[]): void {
    for (let k = containers.length - 1; k >= 0; k--) {
      const container = containers[k]!;
      if (container.tagName === 'table' || this.formulaLayout.has(container)) return;
      this.formulaLayout.add(container);
    }
  }

  private decideTable(shape: TableShape): void {
    const role = attribute(shape.table, 'role');
    if (shape.rows <= 1 || shape.maxCells <= 1 || role === 'presentation' || role === 'none') {
      this.transparent.set(shape.table, true);
    }
  }
}

/** Displayed maths read as TeX: found under a hidden wrapper, it still makes a formula block. */
function isTexDisplayMath(math: Element): boolean {
  return isDisplayMath(math) && mathText(math) !== null;
}
