// The same text as static.html, drawn by React 19 at start: the least a client-rendered screen costs.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    h('main', null, h('h1', null, 'Welcome back'), h('p', null, 'The stars are right. Your club awaits.')),
  );
}
