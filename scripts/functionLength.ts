/**
 * The length rule of decision 0232: no function in src/web runs over MAX_FUNCTION_LINES lines. A
 * pure function over source texts (check-rooms.ts feeds it the real tree; functionLength.test.ts
 * feeds it made-up ones). Lengths come from the TypeScript compiler's own syntax tree, so a brace
 * in a string, a comment or a template never miscounts. TypeScript 7 parses in its native
 * process: its API (typescript/unstable/sync) reads the texts from a virtual file system, and
 * `noResolve` keeps it from following imports.
 */
import {
  isArrowFunction,
  isCallExpression,
  isConstructorDeclaration,
  isExportAssignment,
  isFunctionDeclaration,
  isFunctionExpression,
  isGetAccessorDeclaration,
  isMethodDeclaration,
  isPropertyAssignment,
  isPropertyDeclaration,
  isSetAccessorDeclaration,
  isVariableDeclaration,
  type Node,
  type SourceFile as Tree,
} from 'typescript/unstable/ast';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';
import type { SourceFile } from './boundaries';

export const MAX_FUNCTION_LINES = 150;

export interface FunctionLength {
  file: string;
  /** The function's name, or the name it is assigned to; `<anonymous>` when it has neither. */
  name: string;
  /** 1-based line of the function's first token. */
  line: number;
  /** Lines from the first token to the last, both counted. */
  lines: number;
}

/** Declarations, expressions, arrows, methods, constructors and accessors: everything with a body. */
const isFunctionLike = (node: Node) =>
  isFunctionDeclaration(node) ||
  isFunctionExpression(node) ||
  isArrowFunction(node) ||
  isMethodDeclaration(node) ||
  isConstructorDeclaration(node) ||
  isGetAccessorDeclaration(node) ||
  isSetAccessorDeclaration(node);

/** The name node a function-like node carries, if any (declarations and methods have one). */
const ownName = (node: Node): Node | undefined =>
  'name' in node && node.name && typeof node.name === 'object' ? (node.name as Node) : undefined;

function nameOf(node: Node, tree: Tree): string {
  const own = ownName(node);
  if (own) return own.getText(tree);
  if (isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (isVariableDeclaration(parent) || isPropertyAssignment(parent) || isPropertyDeclaration(parent)) {
    return parent.name.getText(tree);
  }
  // A component wrapped in memo(…)/forwardRef(…): the name it is assigned to.
  if (isCallExpression(parent) && isVariableDeclaration(parent.parent)) return parent.parent.name.getText(tree);
  if (isExportAssignment(parent)) return 'default';
  return '<anonymous>';
}

function lengthsIn(tree: Tree, file: string): FunctionLength[] {
  const found: FunctionLength[] = [];
  const visit = (node: Node): undefined => {
    if (isFunctionLike(node) && 'body' in node && node.body) {
      const first = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      const last = tree.getLineAndCharacterOfPosition(node.end).line;
      found.push({ file, name: nameOf(node, tree), line: first + 1, lines: last - first + 1 });
    }
    node.forEachChild(visit);
  };
  visit(tree);
  return found;
}

const ROOT = '/measured';

/** Every function-like node of the files with its length, nested ones too (each counted whole). */
export function functionLengths(files: readonly SourceFile[]): FunctionLength[] {
  const texts: Record<string, string> = {
    [`${ROOT}/tsconfig.json`]: JSON.stringify({
      compilerOptions: { jsx: 'preserve', noLib: true, noResolve: true, types: [], allowJs: false },
      files: files.map((file) => file.path),
    }),
  };
  for (const file of files) texts[`${ROOT}/${file.path}`] = file.text;
  const api = new API({ fs: createVirtualFileSystem(texts), cwd: ROOT });
  try {
    const project = api.updateSnapshot({ openProject: `${ROOT}/tsconfig.json` }).getProject(`${ROOT}/tsconfig.json`);
    if (!project) throw new Error('the TypeScript API opened no project');
    return files.flatMap((file) => {
      const tree = project.program.getSourceFile(`${ROOT}/${file.path}`);
      if (!tree) throw new Error(`the TypeScript API did not parse ${file.path}`);
      return lengthsIn(tree, file.path);
    });
  } finally {
    api.close();
  }
}

/** The functions of src/web over the limit, longest first (tests included: a test is code one reads too). */
export function longFunctions(files: readonly SourceFile[], max = MAX_FUNCTION_LINES): FunctionLength[] {
  return functionLengths(files.filter((file) => file.path.startsWith('src/web/') && /\.tsx?$/.test(file.path)))
    .filter((fn) => fn.lines > max)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}
