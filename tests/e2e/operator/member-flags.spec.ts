import { expect, test } from '@playwright/test';
import { admin, registerMember, signInPage, snap } from '../support';

test.describe.configure({ mode: 'serial' });

test('bShowBlockchainID shows "Minting..." until the mint queue gives a token id, then links it', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  const inventory = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const itemId = (await inventory.json()).aCollections[0].aItems[0].sItemID as string;
  await request.post('/api/portal/ackNotices', {
    headers: { authorization: `Bearer ${member.token}` },
    form: { sKinds: 'pRegisterNFT,pArtNFT,iNewUserRaffleTickets,iLoginRewardDay' },
  });
  admin('operator', 'flags', 'set', 'bShowBlockchainID', 'on');
  try {
    await signInPage(page, member);
    await page.goto(`/inventory/item?sItemID=${itemId}`);
    await expect(page.getByText('Minting...')).toBeVisible();

    admin('operator', 'mint', 'run');
    await page.reload();
    const link = page.getByRole('link', { name: /^Token #\d+$/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /\/token\/0x[0-9a-fA-F]{40}\?a=\d+$/);
    await snap(page, 'item-minted-1280');
  } finally {
    admin('operator', 'flags', 'set', 'bShowBlockchainID', 'off');
  }
});
