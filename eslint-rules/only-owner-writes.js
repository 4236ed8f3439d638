import path from 'node:path';

/**
 * A server module writes only its own tables: in apps/server/src/modules/<name>/, an insert, update or delete
 * on a table imported from another module's schema.ts is refused. (Reading it in a repository's join is fine;
 * dependency-cruiser keeps those imports in repositories.) Tests are not checked: their factories build state.
 */
const MODULE_FILE = /apps\/server\/src\/modules\/([^/]+)\//;
const SCHEMA_FILE = /apps\/server\/src\/modules\/([^/]+)\/schema\.ts$/;
const WRITES = new Set(['insert', 'update', 'delete']);

export default {
  meta: {
    type: 'problem',
    docs: { description: "Refuse writes to another server module's tables" },
    messages: {
      foreignWrite:
        "'{{table}}' belongs to the {{owner}} module: call its index.ts (a function that takes your transaction) instead of writing it here.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const own = MODULE_FILE.exec(file)?.[1];
    if (!own || /\.test\.ts$/.test(file)) return {};
    const foreign = new Map();
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.startsWith('.')) return;
        const target = path.posix.join(path.posix.dirname(file), source);
        const owner = SCHEMA_FILE.exec(target)?.[1];
        if (!owner || owner === own) return;
        for (const s of node.specifiers) foreign.set(s.local.name, owner);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const table = node.arguments[0];
        if (table?.type !== 'Identifier' || !foreign.has(table.name)) return;
        context.report({
          node,
          messageId: 'foreignWrite',
          data: { table: table.name, owner: foreign.get(table.name) },
        });
      },
    };
  },
};
