import { MultiSelect } from '@mantine/core';
import { analyticsTexts as t } from '../analytics.texts.ts';

type TagFilterProps = {
  /** The studio's patient tags (the page composes them from the patients feature). */
  options: readonly string[];
  value: string[];
  onChange: (tags: string[]) => void;
};

/** The spec's `tags` filter (part 2 §7): the figures of the patients carrying any of the chosen tags. */
export const TagFilter = ({ options, value, onChange }: TagFilterProps) => (
  <MultiSelect
    label={t.tags}
    description={t.tagsHint}
    placeholder={value.length === 0 ? t.tagsPlaceholder : undefined}
    data={[...new Set([...options, ...value])]}
    value={value}
    onChange={onChange}
    searchable
    clearable
    nothingFoundMessage={t.noTagsYet}
    w={{ base: '100%', sm: 320 }}
  />
);
