import { useState, type FormEvent } from 'react';
import { DOCUMENT_TITLE_MAX, dropboxMessages, normalizeDocumentTitle } from '@hcp/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import styles from './dropbox.module.css';

export interface NameDocumentModalProps {
  open: boolean;
  fileName: string;
  preview: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (title: string) => void;
}

/** 'Name Your Document': the label the document is listed under. */
export function NameDocumentModal({ open, fileName, preview, saving, onCancel, onSave }: NameDocumentModalProps) {
  const [title, setTitle] = useState(() => fileName.replace(/\.[^.]+$/, '').slice(0, DOCUMENT_TITLE_MAX));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = normalizeDocumentTitle(title);
    if (!t) {
      setError(dropboxMessages.titleRequired);
      return;
    }
    onSave(t);
  };
  return (
    <Modal open={open} onClose={onCancel} title="Name Your Document" dismissable={!saving}>
      <form onSubmit={submit} noValidate>
        {preview ? (
          <img className={styles.preview} src={preview} alt={`Preview of ${fileName}`} />
        ) : (
          // Word files, and files too large or too slow to draw, are stored without a preview.
          <p className={styles.fileName}>No preview is available for this file.</p>
        )}
        <p className={styles.fileName}>{fileName}</p>
        <TextField
          label="Document Name"
          required
          value={title}
          maxLength={DOCUMENT_TITLE_MAX}
          autoFocus
          error={error}
          onChange={(e) => {
            setTitle(e.target.value);
            if (error) setError(null);
          }}
        />
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !title.trim()}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
