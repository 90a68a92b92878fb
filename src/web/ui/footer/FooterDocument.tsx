import Markdown from '../markdown/Markdown';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from './footerDocuments';

/** The footer's documents, loaded with the markdown renderer only when one is opened. */
export default function FooterDocument({ name }: { name: 'Privacy Policy' | 'Terms of Service' }) {
  return <Markdown>{name === 'Privacy Policy' ? PRIVACY_POLICY : TERMS_OF_SERVICE}</Markdown>;
}
