/** /instructions: how the portal works, in markdown. */
export const INSTRUCTIONS = `Welcome, seeker. The portal is your members' club in the Cthulhu universe.

## Joining

1. **Register** with your email, a password and a username. An invite code fills in your email for
   you; a friend's referral link gives you both a raffle ticket.
2. **Verify your email** from the link we send. Until then the portal waits on the verification page.
3. **Log in** and collect your welcome gifts: a free **Agent**, a **Mythopedia** page and a raffle ticket.

## Every day

Log in once a day to claim the **daily login reward**. The rewards grow over seven days, then the
cycle starts again. Your first week pays a little less while you settle in.

## Your collection

- **Agents** are the characters of the universe. Each has a level, XP, rarity, stars and a generation.
- **Mythopedia** pages hold the lore.
- Open any collectible to see its traits and how rare each one is. New ones show *Minting...* for a
  short while until they receive their token.
- Share a collectible with its link: anyone can view it.

## Coming soon

The weekly **raffle**, the **reward store**, **Howl** chat and the **Monster Breaker** game.
Questions? Visit our [community chat](https://discord.gg/cthulhu-portal).
`;
