// Issue 23: customer-facing words come from the catalogue (core/i18n), never written into a screen.
// Fails on JSX text with letters (Latin or Devanagari) and on string literals in the attributes people
// read or hear (aria-label, title, alt, placeholder, label). Numbers, symbols and punctuation pass.
// Applied to the screens eslint/i18n-files.js names: all of app/routes and app/components, and app/root.tsx.

const WORDS = /[A-Za-z\u0900-\u097F]{2,}/;
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "title", "alt", "placeholder", "label"]);
/** Samples of a format, not words (a PAN's shape). */
const ALLOWED = new Set(["ABCDE1234F"]);

const noJsxText = {
  meta: {
    type: "problem",
    docs: { description: "Customer-facing text comes from the message catalogue (core/i18n), not from JSX literals." },
    messages: { literal: 'Text "{{text}}" belongs in the catalogue (core/i18n/en.ts and hi.ts); use t("…").' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => {
      const trimmed = text.trim();
      if (WORDS.test(trimmed) && !ALLOWED.has(trimmed)) context.report({ node, messageId: "literal", data: { text: trimmed.slice(0, 40) } });
    };
    return {
      JSXText: (node) => report(node, node.value),
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : "";
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === "Literal" && typeof node.value.value === "string") report(node.value, node.value.value);
        if (node.value.type === "JSXExpressionContainer" && node.value.expression.type === "Literal" && typeof node.value.expression.value === "string")
          report(node.value, node.value.expression.value);
      },
    };
  },
};

export default { rules: { "no-jsx-text": noJsxText } };
