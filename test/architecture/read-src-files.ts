import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/** A source file by its path from the project root (`src/search/search.ts`) and its text. */
export interface SrcFile {
  path: string;
  text: string;
}

/** One relative import: who imports, as written, and the file it names (`.js` read as `.ts`). */
export interface ImportRef {
  file: string;
  line: number;
  specifier: string;
  target: string;
}

/** A `===` or `!==` in code: as written, and with its sides swapped (`'sqlite' === x` as `x === 'sqlite'`). */
export interface Comparison {
  file: string;
  line: number;
  text: string;
  swapped: string;
}

/** Every `.ts` file under `root/src` but tests, sorted, with posix paths from `root`. */
export function readSrcFiles(root: string): SrcFile[] {
  const names = readdirSync(posix.join(root, 'src'), { recursive: true, encoding: 'utf8' });
  return names
    .map((name) => `src/${name.split('\\').join('/')}`)
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .sort()
    .map((path) => ({ path, text: readFileSync(posix.join(root, path), 'utf8') }));
}

/** Each file is parsed once for both readers. */
const parsed = new WeakMap<SrcFile, ts.SourceFile>();

function parse(file: SrcFile): ts.SourceFile {
  let source = parsed.get(file);
  if (source === undefined) {
    source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function literalOf(node: ts.Node | undefined): string | undefined {
  return node !== undefined && ts.isStringLiteralLike(node) ? node.text : undefined;
}

/**
 * The module a node names, if it is an import: `import ... from`, `export
 * ... from`, `import('...')` in code or in a type, and the worker script of
 * `new URL('./x.js', import.meta.url)`, which loads a file as surely as an
 * import does.
 */
function specifierOf(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
    return literalOf(node.moduleSpecifier);
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
    return literalOf(node.arguments[0]);
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
    return literalOf(node.argument.literal);
  if (
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'URL' &&
    node.arguments?.[1]?.getText() === 'import.meta.url'
  )
    return literalOf(node.arguments[0]);
  return undefined;
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  ts.forEachChild(node, (child) => visit(child, each));
}

/** Every import of `file`, packages included: `target` is the file a relative one names, else the specifier. */
export function allImports(file: SrcFile): ImportRef[] {
  const source = parse(file);
  const out: ImportRef[] = [];
  visit(source, (node) => {
    const specifier = specifierOf(node);
    if (specifier === undefined) return;
    const target = isRelative(specifier)
      ? posix.normalize(posix.join(posix.dirname(file.path), specifier)).replace(/\.js$/, '.ts')
      : specifier;
    out.push({ file: file.path, line: lineOf(source, node), specifier, target });
  });
  return out;
}

/** The relative imports of `file`; package imports (`node:fs`, `kysely`) are no edge of the graph. */
export function relativeImports(file: SrcFile): ImportRef[] {
  return allImports(file).filter((ref) => isRelative(ref.specifier));
}

function isRelative(specifier: string): boolean {
  return /^\.\.?\//.test(specifier);
}

/**
 * Every `===` and `!==` in the code of `file`, as written. Comments and
 * strings are not code, so a note that mentions `dialect === 'sqlite'` is
 * not the question itself.
 */
export function strictComparisons(file: SrcFile): Comparison[] {
  const source = parse(file);
  const out: Comparison[] = [];
  visit(source, (node) => {
    if (!ts.isBinaryExpression(node)) return;
    const op = node.operatorToken.kind;
    if (
      op !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
      op !== ts.SyntaxKind.ExclamationEqualsEqualsToken
    )
      return;
    const swapped = [node.right, node.operatorToken, node.left].map((n) => n.getText(source));
    out.push({
      file: file.path,
      line: lineOf(source, node),
      text: node.getText(source),
      swapped: swapped.join(' '),
    });
  });
  return out;
}

/** A function of any form and the parameters it takes, `this` not counted (it is no argument). */
export interface Signature {
  file: string;
  line: number;
  name: string;
  parameters: number;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.ConstructorDeclaration
  | ts.MethodSignature;

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isMethodSignature(node)
  );
}

/** The name of the class or interface around a member, if it has one. */
function ownerOf(node: ts.Node): string | undefined {
  const parent = node.parent;
  if ((ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent)) && parent.name)
    return parent.name.text;
  return undefined;
}

/**
 * What a reader calls a function: its own name, `Class.method` for a
 * member, or the variable or property it is assigned to.
 */
function nameOf(node: FunctionNode, source: ts.SourceFile): string {
  const own = ts.isConstructorDeclaration(node) ? 'constructor' : node.name?.getText(source);
  if (own !== undefined) {
    const owner = ownerOf(node);
    return owner === undefined ? own : `${owner}.${own}`;
  }
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  )
    return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function, method, arrow function, function expression, constructor and method signature of `file`. */
export function signatures(file: SrcFile): Signature[] {
  const source = parse(file);
  const out: Signature[] = [];
  visit(source, (node) => {
    if (!isFunctionNode(node)) return;
    const parameters = node.parameters.filter(
      (p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'),
    ).length;
    out.push({
      file: file.path,
      line: lineOf(source, node),
      name: nameOf(node, source),
      parameters,
    });
  });
  return out;
}
