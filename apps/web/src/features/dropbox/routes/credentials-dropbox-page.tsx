import { useMemo, useRef, useState } from 'react';
import {
  DROPBOX_ACCEPTED_EXTENSIONS,
  DROPBOX_MAX_BYTES,
  DROPBOX_MOBILE_EXTENSIONS,
  dropboxMessages,
  fileExtension,
  isAcceptedExtension,
} from '@hcp/contracts';
import { userMessage } from '../../../lib/error-messages.ts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { FileDrop } from '../../../components/ui/file-drop.tsx';
import { PhotoCapture } from '../../../components/ui/photo-capture.tsx';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useDropboxDocuments } from '../api/get-dropbox-documents.ts';
import { useUploadDocument } from '../api/upload-document.ts';
import { useAttachDocument } from '../api/attach-document.ts';
import { NameDocumentModal } from '../components/name-document-modal.tsx';
import { DropboxList } from '../components/dropbox-list.tsx';
import styles from '../components/dropbox.module.css';

/** The screen's own upload failure text, for a refusal the server does not word for the clinician. */
const UPLOAD_FAILED = 'Error uploading file - please try again.';

interface Pending {
  filePath: string;
  fileName: string;
  preview: string | null;
}

/** /credentials-dropbox: upload, then name the file, which attaches it; the list is read again after each change. */
export default function CredentialsDropboxPage() {
  const docs = useDropboxDocuments();
  const upload = useUploadDocument();
  const attach = useAttachDocument();
  const [pending, setPending] = useState<Pending | null>(null);
  // A status text about one document (its upload succeeded) goes when that document does.
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string; docId?: number } | null>(null);
  // One Save at a time: a double click sends one request (a second would be refused, after the first succeeded).
  const attaching = useRef(false);
  // A phone takes the document with its camera, several pages making one PDF.
  const phone = useBreakpoint('phone');
  const accept = useMemo(
    () =>
      typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches
        ? DROPBOX_MOBILE_EXTENSIONS
        : DROPBOX_ACCEPTED_EXTENSIONS,
    [],
  );

  const onFile = (file: File) => {
    setMessage(null);
    const ext = fileExtension(file.name);
    if (!isAcceptedExtension(ext)) {
      setMessage({ tone: 'danger', text: dropboxMessages.invalidType(ext) });
      return;
    }
    if (file.size > DROPBOX_MAX_BYTES) {
      setMessage({ tone: 'danger', text: dropboxMessages.tooLarge });
      return;
    }
    upload.mutate(
      { file, fileType: ext },
      {
        onSuccess: (res) => setPending({ filePath: res.filePath, fileName: file.name, preview: res.images[0] ?? null }),
        onError: (err) => setMessage({ tone: 'danger', text: userMessage(err) ?? UPLOAD_FAILED }),
      },
    );
  };

  const onSave = (title: string) => {
    if (!pending || attaching.current) return;
    attaching.current = true;
    attach.mutate(
      { filepath: pending.filePath, documentTitle: title },
      {
        onSuccess: (item) => {
          setPending(null);
          setMessage({
            tone: 'success',
            text: `“${item.docTitle}” was added to your dropbox.`,
            docId: item.hcpDropBoxId,
          });
        },
        onError: () => {
          setPending(null);
          setMessage({ tone: 'danger', text: UPLOAD_FAILED });
        },
        onSettled: () => {
          attaching.current = false;
        },
      },
    );
  };

  const items = docs.data?.dropboxItems ?? [];
  const shown =
    message && (message.docId === undefined || items.some((i) => i.hcpDropBoxId === message.docId)) ? message : null;
  return (
    <PageFrame title="Credentials Dropbox">
      <p className={styles.intro}>
        Upload licenses, certifications, immunization records and other credentials for your recruiter. Accepted file
        types: {DROPBOX_ACCEPTED_EXTENSIONS.join(', ')}; up to 30 MB each.
      </p>
      <FileDrop
        onFile={onFile}
        accept={accept}
        buttonLabel="Upload Document"
        hint="or use the Upload Document button"
        disabled={upload.isPending || attach.isPending}
      />
      {phone && <PhotoCapture onFile={onFile} documentName="Photos" disabled={upload.isPending || attach.isPending} />}
      {upload.isPending && <Spinner label="Uploading your document" />}
      {shown && <Alert tone={shown.tone}>{shown.text}</Alert>}
      <section className={styles.section} aria-labelledby="dropbox-docs-heading">
        <h2 id="dropbox-docs-heading">Uploaded Documents</h2>
        {docs.isPending ? (
          <Spinner label="Loading your documents" />
        ) : docs.isError ? (
          <Alert>Something went wrong when retrieving files.</Alert>
        ) : (
          <DropboxList items={items} onDeleted={() => setMessage(null)} />
        )}
      </section>
      {pending && (
        <NameDocumentModal
          key={pending.filePath}
          open
          fileName={pending.fileName}
          preview={pending.preview}
          saving={attach.isPending}
          onCancel={() => setPending(null)}
          onSave={onSave}
        />
      )}
    </PageFrame>
  );
}
