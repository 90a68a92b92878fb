import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { TRADE_MESSAGE_MAX } from '../../../../protocol/trading';
import { usePageTitle } from '../../../lib/pageTitle';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { createTradeOffer, getMyItems, getPartnerProfile, type OfferDraft, tradeKeys } from '../api/trading';
import { ItemPicker, type PickableItem } from '../components/ItemPicker';
import { OfferPreview } from '../components/OfferPreview';
import styles from '../components/Trade.module.css';
import { draftProblem, pointsOf, toggled } from '../model/draft';

const USERNAME = /^[A-Za-z0-9_]{3,20}$/;

/**
 * /trades/new: the offer composer. To a member (?to=), with one of my items (?mine=) or one of
 * theirs (?theirs=) picked, as a gift (?gift=1) or a counter offer (?replaces=). Their items are
 * those their public profile shows.
 */
export default function TradeComposerScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [to, setTo] = useState(params.get('to') ?? '');
  const [gift, setGift] = useState(params.get('gift') === '1');
  const [give, setGive] = useState<string[]>(params.get('mine') ? [params.get('mine') as string] : []);
  const [take, setTake] = useState<string[]>(params.get('theirs') ? [params.get('theirs') as string] : []);
  const [givePoints, setGivePoints] = useState('');
  const [takePoints, setTakePoints] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const replaces = params.get('replaces') ?? undefined;
  const messageId = useId();
  const sending = useRef(false);
  usePageTitle(gift ? 'Send a gift' : 'Offer a trade');

  const partnerName = USERNAME.test(to.trim()) ? to.trim() : '';
  const mine = useQuery({ queryKey: tradeKeys.myItems(), queryFn: getMyItems });
  const partner = useQuery({
    queryKey: tradeKeys.partner(partnerName),
    queryFn: () => getPartnerProfile(partnerName),
    enabled: partnerName !== '' && !gift,
  });
  const myItems: PickableItem[] =
    mine.data?.aCollections.flatMap((c) =>
      c.aItems.map((item) => ({
        sItemID: item.sItemID,
        sName: item.publicMetadata.name,
        sImage: item.publicMetadata.image,
      })),
    ) ?? [];
  const theirItems: PickableItem[] = partner.data?.pProfile?.aItems ?? [];

  const draft: OfferDraft = {
    to: to.trim(),
    give,
    givePoints: pointsOf(givePoints),
    take: gift ? [] : take,
    takePoints: gift ? 0 : pointsOf(takePoints),
    message: message.trim(),
    replaces,
  };
  const send = useMutation({
    mutationFn: () => createTradeOffer(draft),
    onSuccess: async (answer) => {
      sending.current = false;
      if (answer?.iErrorCode === 0) {
        await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
        navigate(`${ROUTES.trades}?box=outgoing&sent=1`);
        return;
      }
      setProblem(answer?.sMessage ?? errorMessage(answer?.iErrorCode ?? null));
    },
    onError: () => {
      sending.current = false;
      setProblem(errorMessage(null));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = draftProblem(draft, gift);
    setProblem(wrong);
    if (wrong || sending.current) return;
    sending.current = true;
    send.mutate();
  };
  return (
    <section className={styles.page}>
      <PageHeader
        title={gift ? 'Send a gift' : replaces ? 'Counter offer' : 'Offer a trade'}
        subtitle={<Link to={ROUTES.trades}>← Trades</Link>}
      />
      <form className={styles.composer} onSubmit={submit} noValidate>
        <Field
          label="To (username)"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          autoComplete="off"
          maxLength={20}
          required
        />
        <label className={styles.check}>
          <input type="checkbox" checked={gift} onChange={(e) => setGift(e.target.checked)} /> Send as a gift (ask
          nothing back)
        </label>

        {mine.isPending ? (
          <Loading label="Loading your collectibles…" />
        ) : (
          <ItemPicker
            legend="Your items you give"
            items={myItems}
            picked={give}
            onToggle={(id) => setGive((list) => toggled(list, id))}
            empty="You have no collectibles yet."
          />
        )}
        <Field
          label="Points you give"
          inputMode="numeric"
          value={givePoints}
          onChange={(e) => setGivePoints(e.target.value.replace(/\D/g, ''))}
          hint={mine.data ? `You have ${formatCount(mine.data.iPoints)} points.` : undefined}
        />

        {!gift && (
          <TheirSide
            partnerName={partnerName}
            pending={partner.isPending}
            items={theirItems}
            picked={take}
            onToggle={(id) => setTake((list) => toggled(list, id))}
            points={takePoints}
            onPoints={setTakePoints}
          />
        )}

        <div className={styles.messageField}>
          <label htmlFor={messageId}>Message (optional)</label>
          <textarea
            id={messageId}
            value={message}
            maxLength={TRADE_MESSAGE_MAX}
            rows={3}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>

        <OfferPreview
          partnerName={partnerName}
          mine={{ items: give, list: myItems, points: draft.givePoints }}
          theirs={gift ? undefined : { items: take, list: theirItems, points: draft.takePoints }}
        />

        {problem && <Notice tone="danger">{problem}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" disabled={send.isPending}>
            {gift ? 'Send gift' : 'Send offer'}
          </Button>
        </div>
      </form>
    </section>
  );
}

interface TheirSideProps {
  partnerName: string;
  pending: boolean;
  items: readonly PickableItem[];
  picked: readonly string[];
  onToggle(id: string): void;
  points: string;
  onPoints(points: string): void;
}

/** What the offer asks of the other member: the items their public profile shows, and points. */
function TheirSide({ partnerName, pending, items, picked, onToggle, points, onPoints }: TheirSideProps) {
  return (
    <>
      {partnerName === '' ? (
        <p className={styles.muted}>Name the member to see the items they show on their profile.</p>
      ) : pending ? (
        <Loading label="Loading their collectibles…" />
      ) : (
        <ItemPicker
          legend={`@${partnerName}’s items you ask for`}
          items={items}
          picked={picked}
          onToggle={onToggle}
          empty="Their public profile shows no collectibles (or is private): you may ask for points."
        />
      )}
      <Field
        label="Points you ask for"
        inputMode="numeric"
        value={points}
        onChange={(e) => onPoints(e.target.value.replace(/\D/g, ''))}
      />
    </>
  );
}
