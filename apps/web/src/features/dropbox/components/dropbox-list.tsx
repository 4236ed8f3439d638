import { useState } from 'react';
import { formatDate, type DropboxItem } from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { openDocumentAttachment } from '../api/get-document-attachment.ts';
import { useDeleteDropboxDocument } from '../api/delete-document.ts';
import styles from './dropbox.module.css';

/**
 * The uploaded documents, newest first, each with Added date, View Document and Delete Document. A message about
 * one document (it could not be opened) goes when that document does.
 */
export function DropboxList({ items, onDeleted }: { items: DropboxItem[]; onDeleted?: () => void }) {
  const remove = useDeleteDropboxDocument();
  const [confirming, setConfirming] = useState<DropboxItem | null>(null);
  const [error, setError] = useState<{ text: string; docId?: number } | null>(null);
  const shownError =
    error && (error.docId === undefined || items.some((i) => i.hcpDropBoxId === error.docId)) ? error.text : null;

  if (items.length === 0) return <EmptyState>You have not uploaded any documents yet.</EmptyState>;
  return (
    <>
      {shownError && <Alert>{shownError}</Alert>}
      <ul className={styles.list} aria-label="Uploaded documents">
        {items.map((item) => (
          <li key={item.hcpDropBoxId} className={styles.item}>
            <div className={styles.itemText}>
              <span className={styles.itemTitle}>{item.docTitle}</span>
              <span className={styles.itemDate}>Added {formatDate(item.addedDate)}</span>
            </div>
            <div className={styles.itemActions}>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`View Document ${item.docTitle}`}
                onClick={() => {
                  setError(null);
                  openDocumentAttachment(item.uploadedDocumentPath).catch(() =>
                    setError({ text: 'Something went wrong when opening the file.', docId: item.hcpDropBoxId }),
                  );
                }}
              >
                View Document
              </Button>
              <Button
                variant="danger"
                size="sm"
                aria-label={`Delete Document ${item.docTitle}`}
                onClick={() => setConfirming(item)}
              >
                Delete Document
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete Document"
        dismissable={!remove.isPending}
        size="sm"
      >
        <p>Delete “{confirming?.docTitle}”? This cannot be undone.</p>
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!confirming) return;
              setError(null);
              remove.mutate(confirming.hcpDropBoxId, {
                onSuccess: () => {
                  setConfirming(null);
                  onDeleted?.();
                },
                onError: () => {
                  setConfirming(null);
                  setError({ text: 'Something went wrong. Please try again.' });
                },
              });
            }}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Modal>
    </>
  );
}
