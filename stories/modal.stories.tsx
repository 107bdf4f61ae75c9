import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { Modal } from '../screens/modal';

interface ModalArgs {
  /** Paragraphs of body text, to see the panel scroll on a small phone. */
  readonly paragraphs: number;
  readonly onClose: () => void;
}

/**
 * The shared modal with the texts of its first user (sign-up's "already registered" dialog), opened on
 * load. Closing it (X, Escape, backdrop) logs `onClose` and plays the exit animation; "Open" brings it back.
 */
function ModalPreview({ paragraphs, onClose }: ModalArgs) {
  const { t } = useTranslation('signup');
  const [open, setOpen] = useState(true);
  return (
    <main className="page">
      <button type="button" className="primary-button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title={t('alreadyRegistered.title')}
        closeLabel={t('alreadyRegistered.close')}
      >
        {Array.from({ length: paragraphs }, (_, index) => (
          <p key={index} style={{ margin: 0 }}>
            {t('alreadyRegistered.text')}
          </p>
        ))}
        <a href="#log-in" className="primary-button">
          {t('alreadyRegistered.logIn')}
        </a>
      </Modal>
    </main>
  );
}

const meta = {
  title: 'Components/Modal',
  component: ModalPreview,
  args: { paragraphs: 1, onClose: fn() },
  argTypes: { paragraphs: { control: { type: 'range', min: 1, max: 20 } } },
} satisfies Meta<ModalArgs>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** More text than a phone screen holds: the panel scrolls, the header stays reachable. */
export const LongContent: Story = { args: { paragraphs: 14 } };
