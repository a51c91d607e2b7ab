import { useId, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { PHOTOS_PER_CAR_MAX, PHOTO_FILE_MAX_BYTES } from '@usedcars/shared-contract';
import { focusRing, theme } from '@usedcars/shared-ui';
import type { UploadRow, Uploads } from '../hooks/useUploads';
import { SmallButton } from './SmallButton';

interface UploadAreaProps {
  uploads: Uploads;
  /** How many photos the car has already: the twelve-photo limit counts them. */
  storedPhotos: number;
  /** Files not sent yet can be put in order (Add Product, before the car exists). */
  orderable?: boolean;
  /** Called after files were added, to start sending them when the car exists. */
  onAdded?: () => void;
  disabled?: boolean;
}

const STATE_TEXT: Record<UploadRow['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading…',
  processing: 'Sent; making the picture sizes…',
  done: 'Added',
  refused: 'Not added',
};

const removeText = (state: UploadRow['state']) => (state === 'uploading' ? 'Cancel' : 'Remove');

/**
 * Where photos come in: a real file input (with its label, so the keyboard and screen readers
 * reach it) inside a zone files can be dropped on, and one row per file with its progress bar,
 * its state or refusal, and a button to take it off the list.
 */
export function UploadArea({ uploads, storedPhotos, orderable = false, onAdded, disabled = false }: UploadAreaProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    uploads.add(Array.from(files), storedPhotos);
    onAdded?.();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  const waiting = uploads.rows.filter((row) => row.state === 'waiting');
  return (
    <div>
      <Zone
        $over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <PickLabel htmlFor={inputId}>Add photos</PickLabel>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            take(event.target.files);
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <Hint id={hintId}>
          Pick or drop up to {PHOTOS_PER_CAR_MAX} photos per car, each at most {PHOTO_FILE_MAX_BYTES / (1024 * 1024)} MB. The place and camera a phone records
          in a photo are removed.
        </Hint>
      </Zone>
      {uploads.rows.length > 0 && (
        <Rows aria-label="Files to upload">
          {uploads.rows.map((row, index) => (
            <Row key={row.key} $refused={row.state === 'refused'}>
              <Name>
                {orderable && row.state === 'waiting' && waiting[0]?.key === row.key && storedPhotos === 0 ? <CoverMark>Cover</CoverMark> : null}
                {row.file.name}
              </Name>
              <progress max={100} value={row.percent} aria-label={`Upload of ${row.file.name}`} aria-valuenow={row.percent} />
              <Status role={row.state === 'refused' ? 'alert' : undefined}>{row.state === 'refused' ? row.message : STATE_TEXT[row.state]}</Status>
              <Actions>
                {orderable && row.state === 'waiting' && (
                  <>
                    <SmallButton type="button" onClick={() => uploads.move(row.key, -1)} disabled={index === 0} aria-label={`Move left, ${row.file.name}`}>
                      Move left
                    </SmallButton>
                    <SmallButton
                      type="button"
                      onClick={() => uploads.move(row.key, 1)}
                      disabled={index === uploads.rows.length - 1}
                      aria-label={`Move right, ${row.file.name}`}
                    >
                      Move right
                    </SmallButton>
                    {storedPhotos === 0 && waiting[0]?.key !== row.key && (
                      <SmallButton type="button" onClick={() => uploads.makeFirst(row.key)} aria-label={`Make cover, ${row.file.name}`}>
                        Make cover
                      </SmallButton>
                    )}
                  </>
                )}
                <SmallButton type="button" onClick={() => uploads.remove(row.key)} aria-label={`${removeText(row.state)} ${row.file.name}`}>
                  {removeText(row.state)}
                </SmallButton>
              </Actions>
            </Row>
          ))}
        </Rows>
      )}
    </div>
  );
}

// minmax(0, 1fr): the file input's own width must not stretch the zone past a phone's screen.
const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px;
  padding: 16px;
  border: 2px dashed ${(props) => (props.$over ? theme.color.focus : theme.color.line)};
  border-radius: ${theme.radius};
  background: ${(props) => (props.$over ? '#eef3fd' : theme.color.canvas)};
  input {
    max-width: 100%;
    font: inherit;
  }
  input:focus-visible {
    ${focusRing};
  }
`;

const PickLabel = styled.label`
  font-weight: 600;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${theme.color.muted};
`;

const Rows = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li<{ $refused: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 4px;
  padding: 10px 12px;
  border: 1px solid ${(props) => (props.$refused ? theme.color.danger : theme.color.line)};
  border-radius: 8px;
  background: ${theme.color.surface};
  progress {
    width: 100%;
    height: 8px;
  }
`;

const Name = styled.span`
  overflow-wrap: anywhere;
  font-weight: 600;
`;

const CoverMark = styled.span`
  display: inline-block;
  margin-right: 6px;
  padding: 0 6px;
  border-radius: 4px;
  background: ${theme.color.ink};
  color: #fff;
  font-size: 12px;
  line-height: 20px;
`;

const Status = styled.span`
  font-size: 14px;
  color: ${theme.color.muted};
  &[role='alert'] {
    color: ${theme.color.danger};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;
