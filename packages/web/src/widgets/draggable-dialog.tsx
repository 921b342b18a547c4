import { Modal, type ModalProps } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import Draggable, { type DraggableData, type DraggableEvent } from 'react-draggable';
import { useTranslation } from 'react-i18next';

const HANDLE_CLASS = 'fp-draggable-dialog-title';

export interface DraggableDialogProps
  extends Omit<ModalProps, 'title' | 'onOk' | 'onCancel' | 'okText' | 'cancelText' | 'modalRender'> {
  title: ReactNode;
  open: boolean;
  onSave: () => void | Promise<void>;
  onCancel: () => void;
  /** Shows a spinner on Save while the change is sent. */
  saving?: boolean;
  children: ReactNode;
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A dialog with Cancel and Save that the user can move by its title bar, so it never hides the
 * data it is about (core §2). It cannot be dragged past the window's edges.
 */
export function DraggableDialog({
  title,
  onSave,
  onCancel,
  saving,
  children,
  ...rest
}: DraggableDialogProps) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const [bounds, setBounds] = useState<Bounds>({ left: 0, top: 0, right: 0, bottom: 0 });

  const keepInWindow = (_event: DraggableEvent, data: DraggableData) => {
    const box = dialogRef.current?.getBoundingClientRect();
    if (!box) return;
    const { clientWidth, clientHeight } = document.documentElement;
    setBounds({
      left: -box.left + data.x,
      right: clientWidth - (box.right - data.x),
      top: -box.top + data.y,
      bottom: clientHeight - (box.bottom - data.y),
    });
  };

  return (
    <Modal
      {...rest}
      title={
        <div className={HANDLE_CLASS} style={{ width: '100%', cursor: 'move' }}>
          {title}
        </div>
      }
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      // A click beside the dialog is not a decision: it would throw away what was typed in it.
      mask={{ closable: false }}
      onOk={() => void onSave()}
      onCancel={onCancel}
      modalRender={(dialog) => (
        <Draggable nodeRef={dialogRef} handle={`.${HANDLE_CLASS}`} bounds={bounds} onStart={keepInWindow}>
          <div ref={dialogRef}>{dialog}</div>
        </Draggable>
      )}
    >
      {children}
    </Modal>
  );
}
