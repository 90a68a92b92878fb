import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { PageHeader } from '../../../ui/PageHeader';
import { INSTRUCTIONS } from '../model/instructions';

export default function InstructionsScreen() {
  return (
    <article>
      <PageHeader title="How the portal works" />
      <LazyMarkdown>{INSTRUCTIONS}</LazyMarkdown>
    </article>
  );
}
