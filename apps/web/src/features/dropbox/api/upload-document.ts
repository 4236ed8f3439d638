import { useMutation } from '@tanstack/react-query';
import * as dropbox from '@hcp/contracts/routes/dropbox';
import { call } from '../../../lib/api-client.ts';

/** Reads a file as base64 (without the data: prefix). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const s = String(reader.result);
      resolve(s.slice(s.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

async function uploadDocument(file: File, fileType: string) {
  const base64 = await readAsBase64(file);
  return call(dropbox.uploadDocument, { body: { file: base64, fileType, fileName: file.name } });
}

export const useUploadDocument = () =>
  useMutation({ mutationFn: ({ file, fileType }: { file: File; fileType: string }) => uploadDocument(file, fileType) });
