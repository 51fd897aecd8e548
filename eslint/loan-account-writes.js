// Issue 31 (decision 45): the loan account has one writer, server/modules/loans. Outside it, any
// update, insert or delete on loan_accounts or its status history fails, whatever the columns: through
// Drizzle (`db.update(loanAccounts)`, `tx.insert(schema.loanStatusChanges)`) or in SQL text
// (`sql\`UPDATE loan_accounts …\``). Reading is free. eslint.config.js applies it outside the module.

const TABLES = new Set(["loanAccounts", "loanStatusChanges"]);
const WRITES = new Set(["update", "insert", "delete"]);
const SQL_WRITE = /\b(update\s+(only\s+)?|insert\s+into\s+|delete\s+from\s+(only\s+)?)"?(loan_accounts|loan_status_changes)\b/i;

const nameOf = (node) => {
  if (!node) return null;
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression" && !node.computed && node.property.type === "Identifier") return node.property.name;
  return null;
};

const loanAccountWrites = {
  meta: {
    type: "problem",
    docs: { description: "Only server/modules/loans writes the loan account (its transition function moves the status)." },
    messages: {
      builder: "{{verb}}({{table}}) outside server/modules/loans: the loan account is written only through loan-account.service.ts (transition, openAccount).",
      text: "SQL that writes the loan account outside server/modules/loans: use loan-account.service.ts (transition, openAccount).",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return;
        const verb = callee.property.name;
        const table = nameOf(node.arguments[0]);
        if (WRITES.has(verb) && TABLES.has(table)) context.report({ node, messageId: "builder", data: { verb, table } });
      },
      TemplateLiteral(node) {
        // The text with each ${} part as a word, and the table's name for the tables: `UPDATE ${loanAccounts}` is caught.
        const named = node.expressions.map(nameOf);
        const parts = node.quasis.map((q) => q.value.cooked ?? q.value.raw);
        const joined = parts.reduce((all, part, i) => all + part + (i < named.length ? (TABLES.has(named[i]) ? "loan_accounts" : "x") : ""), "");
        if (SQL_WRITE.test(joined)) context.report({ node, messageId: "text" });
      },
      Literal(node) {
        if (typeof node.value === "string" && SQL_WRITE.test(node.value)) context.report({ node, messageId: "text" });
      },
    };
  },
};

export default { rules: { "no-loan-account-writes": loanAccountWrites } };
