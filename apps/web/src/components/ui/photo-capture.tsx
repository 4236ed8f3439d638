import { useEffect, useRef, useState } from 'react';
import { photosToPdf } from '../../lib/photos-to-pdf.ts';
import { Button } from './button.tsx';
import { Alert } from './feedback.tsx';
import styles from './photo-capture.module.css';

export interface PhotoCaptureProps {
  /** Called with the document: the photos taken, one per page of a PDF. */
  onFile: (file: File) => void;
  /** The PDF's name, without '.pdf'. */
  documentName: string;
  disabled?: boolean;
}

function Thumbnail({ photo, page }: { photo: File; page: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(photo);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return src ? <img className={styles.thumb} src={src} alt={`Page ${page}`} /> : null;
}

/**
 * The phone's camera for a document: 'Take a Photo' opens the camera (the file input's `capture`), 'Add Another
 * Page' takes the next page, and Done makes the photos one PDF (lib/photos-to-pdf.ts) handed to `onFile`, as a
 * file chosen from the phone would be.
 */
export function PhotoCapture({ onFile, documentName, disabled }: PhotoCaptureProps) {
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [combining, setCombining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const take = () => input.current?.click();

  const done = async () => {
    setError(null);
    setCombining(true);
    try {
      const pdf = await photosToPdf(photos, documentName);
      setPhotos([]);
      setMade(pdf.name);
      onFile(pdf);
    } catch {
      setError('The photos could not be put together. Please take them again.');
    } finally {
      setCombining(false);
    }
  };

  return (
    <div className={styles.capture}>
      {photos.length === 0 ? (
        <Button variant="secondary" onClick={take} disabled={disabled}>
          Take a Photo
        </Button>
      ) : (
        <>
          <ol className={styles.pages} aria-label="Pages taken">
            {photos.map((p, i) => (
              <li key={i}>
                <Thumbnail photo={p} page={i + 1} />
              </li>
            ))}
          </ol>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={take} disabled={disabled || combining}>
              Add Another Page
            </Button>
            <Button onClick={() => void done()} disabled={disabled || combining}>
              {combining ? 'Making one PDF…' : 'Done'}
            </Button>
            <Button variant="link" onClick={() => setPhotos([])} disabled={combining}>
              Start Over
            </Button>
          </div>
        </>
      )}
      <div role="status" className={styles.status}>
        {photos.length > 0
          ? `${photos.length === 1 ? '1 page' : `${photos.length} pages`} taken: add the next page, or select Done.`
          : made
            ? `${made} is ready.`
            : ''}
      </div>
      {error && <Alert>{error}</Alert>}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-capture-input"
        onChange={(e) => {
          const photo = e.target.files?.[0];
          e.target.value = '';
          if (!photo) return;
          setMade(null);
          setPhotos((list) => [...list, photo]);
        }}
      />
    </div>
  );
}
