import { expect, type Page } from '@playwright/test';

/**
 * Issue 38's layout bar for a console screen at the current width: the page never scrolls
 * sideways, and every visible button lies inside the viewport and inside its card (a section,
 * list item, form or dialog around it). Tables may scroll inside their own frame: a button in a
 * frame that scrolls sideways is measured against the frame's scroll area, not the viewport.
 */
export async function expectNothingCut(page: Page, label: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // Name the first leaf that reaches past the edge, to say what to fix.
      const past = [...document.body.querySelectorAll('*')].find(
        (el) => el.children.length === 0 && el.getBoundingClientRect().right > doc.clientWidth + 1,
      );
      const where = past ? `${past.tagName.toLowerCase()} "${(past.textContent ?? '').slice(0, 30)}"` : '';
      found.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} (${where})`);
    }
    const scrolls = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    };
    for (const button of document.querySelectorAll('main button, main a[role="button"]')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let inFrame = false;
      for (let el = button.parentElement; el; el = el.parentElement) if (scrolls(el)) inFrame = true;
      const name = (button.textContent ?? '').trim().slice(0, 40);
      if (!inFrame && (box.left < -1 || box.right > doc.clientWidth + 1)) {
        found.push(`"${name}" sticks out of the viewport (${Math.round(box.left)}…${Math.round(box.right)})`);
      }
      const card = button.parentElement?.closest('li, section, form, article, [role="dialog"]');
      if (card && !inFrame) {
        const outer = card.getBoundingClientRect();
        if (box.left < outer.left - 1 || box.right > outer.right + 1 || box.bottom > outer.bottom + 1) {
          found.push(`"${name}" sticks out of its ${card.tagName.toLowerCase()}`);
        }
      }
    }
    return found;
  });
  expect(problems, label).toEqual([]);
}

/** The bar at 1280 and 375 px, back at 1280 after. */
export async function expectNothingCutAtWidths(page: Page, label: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNothingCut(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
