/** The footer's two documents (markdown), loaded only when opened. */
export const PRIVACY_POLICY = `## What we keep

To run your membership we store:

- your **email address** and a salted hash of your password (never the password itself);
- your **username**, your referral code and who referred you, if anyone;
- your collectibles, points, raffle tickets and daily login history;
- your game progress and scores;
- whether you want our newsletter.

We also keep short-lived technical records (the address your requests come from, counted in
hashed form to stop abuse) and an audit trail of operator actions.

## What we do not do

- We load **no third-party trackers, analytics or advertising**. Every file this site uses comes
  from our own servers.
- We do not sell or rent your data to anyone.

## What we use it for

Signing you in, delivering your rewards, running fair raffles (the draw data is published without
your email), keeping the portal safe, and — only if you opted in — sending news.

## Your choices

You can change your email and password and turn the newsletter off on the **Account** page. To
export or delete your account, write to [privacy@cthulhu-portal.example](mailto:privacy@cthulhu-portal.example);
we answer within 30 days.

## Storage in your browser

We keep your sign-in for the current browser tab only, remember that this browser has signed in
before, and cache pages you have seen for up to 24 hours to make the portal fast.
`;

export const TERMS_OF_SERVICE = `## Membership

You must be at least 13 years old to join. One account per person; keep your password to
yourself. Invite and referral codes are personal gifts: do not sell them.

## Collectibles, points and tickets

Digital collectibles, points and raffle tickets are **game items**. They have no cash value, cannot
be exchanged for money through us, and may be rebalanced to keep the game fair. Raffle draws follow
the published, verifiable procedure shown on the raffle page.

## Fair play

No cheating, botting, exploiting bugs, harassment or spam in chat. We may mute, suspend or close
accounts that break these rules, and remove items gained by breaking them.

## Availability

The portal may pause for maintenance; we announce planned work on the site. We provide the portal
as it is, without warranties, to the extent the law allows.

## Changes

We may update these terms; we will tell members on the portal before changes take effect.
Questions: [support@cthulhu-portal.example](mailto:support@cthulhu-portal.example).
`;
