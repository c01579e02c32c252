import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MEDIA_PATH, MESSAGES } from '@baegen/shared';
import { mediaKeys } from '../../../api/media.queries';
import { BulkSelectBar } from '../../../components/list/select-bar';
import { downloadMediaZip } from '../../../lib/media-export';
import type { Selection } from '../../../lib/use-selection';

/** The gallery's select mode: delete the selected media, or download them as one zip. */
export function MediaSelectBar({ selection }: { selection: Selection }) {
  const zip = useMutation({
    mutationFn: downloadMediaZip,
    onSuccess: (_result, ids) => toast.success(MESSAGES.bulk.zipReady(MESSAGES.bulk.mediaNoun(ids.length))),
    onError: (error) => {
      console.error('Zip download failed', error);
      toast.error(MESSAGES.bulk.zipFailed);
    },
  });
  return (
    <BulkSelectBar
      selection={selection}
      path={MEDIA_PATH}
      listsKey={mediaKeys.lists()}
      noun={MESSAGES.bulk.mediaNoun}
      onDownload={zip.mutateAsync}
      downloading={zip.isPending}
    />
  );
}
