/**
 * Lists the client's longest functions and files, counted as ESLint's max-lines-per-function and
 * max-lines count them with skipBlankLines and skipComments: a line holding only white space or
 * comment text does not count.
 *
 *   npx tsx scripts/function-sizes.ts [folder=client/src] [min=80]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const [root = 'client/src', minArg = '80'] = process.argv.slice(2);
const min = Number(minArg);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Marks each line (0-based) that holds a token, not only blanks or comments (JSX text counts where not blank). */
function codeLines(source: ts.SourceFile): boolean[] {
  const hasCode: boolean[] = new Array(source.getLineStarts().length).fill(false);
  const mark = (node: ts.Node) => {
    // JSDoc blocks are children of the nodes they document: comments, not code.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0) return children.forEach(mark);
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    if (ts.isJsxText(node) && node.containsOnlyTriviaWhiteSpaces) return;
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    for (let line = first; line <= last; line += 1) hasCode[line] = true;
  };
  mark(source);
  return hasCode;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 30)})`;
  return '(anonymous)';
}

const functions: { size: number; name: string; where: string }[] = [];
const fileSizes: { size: number; where: string }[] = [];
for (const path of files(root)) {
  // JSX is parsed as such only in .tsx files (the scanner's language variant comes from the kind).
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const hasCode = codeLines(source);
  const count = (from: number, to: number) => hasCode.slice(from, to + 1).filter(Boolean).length;
  fileSizes.push({ size: count(0, hasCode.length - 1), where: path });
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      functions.push({ size: count(first, last), name: nameOf(node), where: `${path}:${first + 1}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((a, b) => b.size - a.size);
fileSizes.sort((a, b) => b.size - a.size);
const over = functions.filter((f) => f.size > min);
console.log(`functions over ${min} lines: ${over.length}`);
for (const f of over) console.log(`  ${String(f.size).padStart(4)}  ${f.name}  ${f.where}`);
console.log(`longest function: ${functions[0]?.size} ${functions[0]?.name} ${functions[0]?.where}`);
console.log(`longest file: ${fileSizes[0]?.size} ${fileSizes[0]?.where}`);
