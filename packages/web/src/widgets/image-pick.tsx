import type { StoredFile } from '@fleetport/contract';
import { Button, Upload } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';

/**
 * An image chosen for a form (a partner's logo, an e-mail banner): uploaded as soon as it is picked, so
 * the form saves only the stored file's id. The server checks the kind's type and size and answers the
 * catalogue message, kept here to show under the field.
 */
export function useImagePick(upload: (file: File) => Promise<StoredFile>) {
  const [file, setFile] = useState<StoredFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  async function pick(chosen: File) {
    setUploading(true);
    setError(null);
    try {
      setFile(await upload(chosen));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }
  /** Starts over from a stored file (the form opened on another record): no error left from before. */
  const reset = useCallback((stored: StoredFile | null) => {
    setFile(stored);
    setError(null);
  }, []);
  return { file, setFile, error, uploading, pick, reset };
}

export type ImagePickState = ReturnType<typeof useImagePick>;

/** The pick and remove buttons of an image field (`<testId>-upload`, `<testId>-remove`). */
export function ImagePickButtons({
  image,
  uploadLabel,
  removeLabel,
  testId,
}: {
  image: ImagePickState;
  uploadLabel: ReactNode;
  removeLabel: ReactNode;
  testId: string;
}) {
  return (
    <>
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(chosen) => {
          void image.pick(chosen);
          return false;
        }}
      >
        <Button loading={image.uploading} data-testid={`${testId}-upload`}>
          {uploadLabel}
        </Button>
      </Upload>
      {image.file && (
        <Button onClick={() => image.setFile(null)} data-testid={`${testId}-remove`}>
          {removeLabel}
        </Button>
      )}
    </>
  );
}
