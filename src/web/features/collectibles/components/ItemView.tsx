import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorCode } from '../../../../protocol/errors';
import { Loading } from '../../../ui/Loading';
import { MessagePage } from '../../../ui/MessagePage';
import { useItem } from '../api/collectibles';
import { collectiblesKeys } from '../api/keys';
import { CollectibleViewer } from './CollectibleViewer';

/** Loads one item (the member's own, or a shared one) and shows it, or says it is not there. */
export function ItemView({
  sItemID,
  shared,
  children,
}: {
  sItemID: string;
  shared: boolean;
  children?: React.ReactNode;
}) {
  const item = useItem(sItemID, shared);
  const queryClient = useQueryClient();
  const opened = !shared && item.data?.iErrorCode === ErrorCode.OK;
  // Opening an item takes its "new" marker off: the lists show it on their next look.
  useEffect(() => {
    if (opened) {
      queryClient.invalidateQueries({ queryKey: collectiblesKeys.inventory() });
      queryClient.invalidateQueries({ queryKey: [...collectiblesKeys.all, 'collection'] });
    }
  }, [opened, queryClient]);
  if (!sItemID) return <MessagePage title="No collectible chosen">Open a collectible from your inventory.</MessagePage>;
  if (item.isPending) return <Loading />;
  const answer = item.data;
  if (!answer || answer.iErrorCode !== ErrorCode.OK) {
    return (
      <MessagePage image="/maintenance.svg" title="This collectible is not here" showNav={shared}>
        <p>
          {answer?.iErrorCode === ErrorCode.NOT_FOUND || answer?.iErrorCode === ErrorCode.BAD_INPUT
            ? 'It does not exist, or it belongs to someone else.'
            : 'It could not be loaded. Please try again.'}
        </p>
      </MessagePage>
    );
  }
  return (
    <>
      <CollectibleViewer item={answer.pItem} sContractAddress={answer.sContractAddress} allowChat={!shared} />
      {children}
    </>
  );
}
