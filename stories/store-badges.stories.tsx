import type { Meta, StoryObj } from '@storybook/react-vite';
import { supportedLanguages } from '../services/i18n/supported-languages';
import { StoreBadges } from '../screens/store-badges';

const meta = {
  title: 'Components/Store badges',
  component: StoreBadges,
  decorators: [
    (Story) => (
      <div style={{ padding: 20 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StoreBadges>;

export default meta;

type Story = StoryObj<typeof meta>;

/** In the toolbar's language (the visitor's language in the app). */
export const InToolbarLanguage: Story = {};

/** A language the product does not offer: English texts and listings. */
export const UnsupportedLanguageFallsBackToEnglish: Story = { args: { language: 'is' } };

/** All 20 languages at once, to compare text fitting and right-to-left side by side. */
export const AllLanguages: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {supportedLanguages.map((language) => (
        <section key={language} aria-label={language} style={{ display: 'grid', gap: 4 }}>
          <code>{language}</code>
          <StoreBadges language={language} />
        </section>
      ))}
    </div>
  ),
};
