import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { SUBPATH_ENTRIES } from './architecture/check-folder-graph.js';

const ENTRIES = ['src/index.ts', ...SUBPATH_ENTRIES].map((path) =>
  fileURLToPath(new URL(`../${path}`, import.meta.url)),
);

/**
 * The names of cairn's own interfaces and type aliases that the public API
 * (the barrel and the subpath entries) uses without exporting them from any
 * entry: in a parameter or result of an exported function or class
 * (constructor and methods), or of a method of an exported interface. A user cannot name such a type to declare a variable
 * of it, so `api-types.test.ts` lists the ones users need by hand; this
 * check finds the rest.
 */
function unexportedApiTypes(): Map<string, Set<string>> {
  const program = ts.createProgram(ENTRIES, {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const exportsOfIndex = ENTRIES.flatMap((entry) =>
    checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!),
  );
  const exportedNames = new Set(exportsOfIndex.map((symbol) => symbol.name));
  const missing = new Map<string, Set<string>>();

  const visitType = (type: ts.Type, via: string, depth: number): void => {
    if (depth > 3) return;
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (
      symbol &&
      declaration?.getSourceFile().fileName.includes('/src/') &&
      (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) &&
      !exportedNames.has(symbol.name)
    ) {
      missing.set(symbol.name, (missing.get(symbol.name) ?? new Set()).add(via));
    }
    if (type.isUnionOrIntersection())
      for (const part of type.types) visitType(part, via, depth + 1);
    if (
      type.flags & ts.TypeFlags.Object &&
      (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference
    )
      for (const argument of checker.getTypeArguments(type as ts.TypeReference))
        visitType(argument, via, depth + 1);
  };
  const visitSignatures = (type: ts.Type, at: ts.Node, via: string): void => {
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      for (const parameter of signature.getParameters())
        visitType(checker.getTypeOfSymbolAtLocation(parameter, at), via, 0);
      visitType(signature.getReturnType(), via, 0);
    }
  };

  for (const exported of exportsOfIndex) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration) continue;
    if (symbol.valueDeclaration)
      visitSignatures(
        checker.getTypeOfSymbolAtLocation(symbol, declaration),
        declaration,
        exported.name,
      );
    // methods of exported classes and interfaces (a ChunkStore's, say)
    if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      for (const member of instance.getProperties()) {
        const flags = member.valueDeclaration
          ? ts.getCombinedModifierFlags(member.valueDeclaration)
          : ts.ModifierFlags.None;
        if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        const memberType = checker.getTypeOfSymbolAtLocation(member, declaration);
        visitSignatures(memberType, declaration, `${exported.name}.${member.name}`);
      }
    }
  }
  return missing;
}

test('every cairn type that an exported function, class or interface method names is exported', () => {
  const missing = Object.fromEntries(
    [...unexportedApiTypes()].map(([name, via]) => [name, [...via].sort()]),
  );
  expect(missing).toEqual({});
}, 60_000);
