import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../Dialog';
import { Loading } from '../Loading';
import styles from './Footer.module.css';
import { COMMUNITY_LINKS, COMPANY_SITE, REVISION } from './footerContent';

const FooterDocument = lazy(() => import('./FooterDocument'));

type Document = 'Privacy Policy' | 'Terms of Service';
const DOCUMENTS: Document[] = ['Privacy Policy', 'Terms of Service'];

/** The quiet footer: community links, policies (in dialogs), company site, copyright and revision. */
export default function Footer() {
  const [shown, setShown] = useState<Document | null>(null);
  const [last, setLast] = useState<Document>('Privacy Policy');
  const open = (doc: Document) => {
    setLast(doc);
    setShown(doc);
  };

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.links} aria-label="Community">
          {COMMUNITY_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <ul className={styles.links} aria-label="About">
          {DOCUMENTS.map((doc) => (
            <li key={doc}>
              <button type="button" className={styles.linkButton} onClick={() => open(doc)}>
                {doc}
              </button>
            </li>
          ))}
          <li>
            <a href={COMPANY_SITE.href} target="_blank" rel="noopener noreferrer">
              {COMPANY_SITE.label}
            </a>
          </li>
        </ul>
        <p className={styles.legal}>
          <span>© 2024</span> <span>Cthulhu Portal</span> · <span title="Revision">{REVISION}</span>
        </p>
      </div>
      {/* The dialog keeps its document while it plays the close animation. */}
      <Dialog open={shown !== null} onClose={() => setShown(null)} title={last} wide>
        <Suspense fallback={<Loading label="Opening…" />}>
          <FooterDocument name={last} />
        </Suspense>
      </Dialog>
    </footer>
  );
}
