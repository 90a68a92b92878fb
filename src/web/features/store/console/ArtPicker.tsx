import { useId } from 'react';
import type { ConsoleStoreCatalogueAnswer } from '../../../../protocol/store';
import type { Draft } from './draft';
import styles from './StoreCatalogueScreen.module.css';

/** The art tiles: for a collectible its template (which sets the art too); for tickets, any template's art or the default. */
export function ArtPicker({
  catalogue,
  draft,
  onPick,
}: {
  catalogue: ConsoleStoreCatalogueAnswer;
  draft: Draft;
  onPick(next: Pick<Draft, 'imagePath' | 'templateId'> & { name?: string }): void;
}) {
  const name = useId();
  const collectible = draft.kind === 'collectible';
  const defaults = draft.kind === 'collectible' ? null : catalogue.pDefaultImages[draft.kind];
  const choices = [
    ...(defaults
      ? [
          {
            key: 'default',
            label: 'Default art',
            image: defaults.sImage,
            path: defaults.sImagePath,
            templateId: null as string | null,
            templateName: undefined as string | undefined,
          },
        ]
      : []),
    ...catalogue.aTemplates.map((t) => ({
      key: t.sTemplateID,
      label: t.sName,
      image: t.sImage,
      path: t.sImagePath,
      templateId: t.sTemplateID,
      templateName: t.sName,
    })),
  ];
  const checked = (choice: (typeof choices)[number]) =>
    collectible ? draft.templateId === choice.templateId : draft.imagePath === choice.path;
  return (
    <fieldset className={styles.art}>
      <legend>{collectible ? 'Collectible (its template and art)' : 'Art'}</legend>
      <div className={styles.artChoices}>
        {choices.map((choice) => (
          <label key={choice.key} className={styles.artChoice}>
            <input
              type="radio"
              name={name}
              value={choice.key}
              checked={checked(choice)}
              onChange={() =>
                onPick({
                  imagePath: choice.path,
                  templateId: collectible ? choice.templateId : null,
                  name: collectible ? choice.templateName : undefined,
                })
              }
            />
            <img src={choice.image} alt="" width={72} height={72} loading="lazy" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
