import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './Markdown.module.css';
import { clampFootnoteLabel, safeUrl } from './markdownPolicy';

interface MdNode {
  type: string;
  label?: string;
  identifier?: string;
  children?: MdNode[];
}

/** remark plugin: footnote labels and identifiers capped at 999 characters (docs/product.md §5). */
function clampFootnotes() {
  const walk = (node: MdNode) => {
    if (node.type === 'footnoteReference' || node.type === 'footnoteDefinition') {
      if (node.label) node.label = clampFootnoteLabel(node.label);
      if (node.identifier) node.identifier = clampFootnoteLabel(node.identifier);
    }
    for (const child of node.children ?? []) walk(child);
  };
  return (tree: MdNode) => walk(tree);
}

const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/** Markdown with safe links opening in a new tab, and bold in the accent colour. Load it lazily (LazyMarkdown). */
export default function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={[styles.markdown, className].filter(Boolean).join(' ')}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, clampFootnotes]}
        urlTransform={safeUrl}
        components={components}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
