import { expect, test } from '@playwright/test';
import { admin, registerMember, signInPage } from '../support';

test('with bChat off there is no Howl button on the viewer and no /chat; with it on, both are back', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  const inventory = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const item = (await inventory.json()).aCollections[0].aItems[0] as {
    sItemID: string;
    publicMetadata: { name: string };
  };
  await signInPage(page, member);
  try {
    admin('operator', 'flags', 'set', 'bChat', 'off');
    await page.goto(`/inventory/item?sItemID=${item.sItemID}`);
    await expect(page.getByRole('heading', { level: 1, name: item.publicMetadata.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Howl' })).toHaveCount(0);
    await page.goto(`/chat?sItemID=${item.sItemID}`);
    await expect(page.getByRole('heading', { name: 'This page is lost in the void.' })).toBeVisible();
  } finally {
    admin('operator', 'flags', 'set', 'bChat', 'on');
  }
  await page.goto(`/inventory/item?sItemID=${item.sItemID}`);
  await page.getByRole('link', { name: 'Howl' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Howl' })).toBeVisible();
  await expect(page.getByText('Howled collectible')).toBeVisible();
});
