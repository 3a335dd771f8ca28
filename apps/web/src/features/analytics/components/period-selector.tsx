import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateField } from '../../../components/date-field.tsx';
import { analyticsTexts as t } from '../analytics.texts.ts';
import type { PeriodKind } from '../period.ts';

type PeriodSelectorProps = {
  kind: PeriodKind;
  onKind: (kind: PeriodKind) => void;
  custom: { from: string; to: string };
  onCustom: (custom: { from: string; to: string }) => void;
  invalid: boolean;
};

/** This year (default), last year, or a range typed or picked (DD-MM-YYYY). */
export const PeriodSelector = ({ kind, onKind, custom, onCustom, invalid }: PeriodSelectorProps) => (
  <Stack gap="xs">
    <Group gap="sm" align="flex-end" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id="analytics-period-label" mb={4}>
          {t.period}
        </Text>
        <SegmentedControl
          aria-labelledby="analytics-period-label"
          value={kind}
          onChange={(v) => onKind(v as PeriodKind)}
          data={[
            { value: 'THIS_YEAR', label: t.thisYear },
            { value: 'LAST_YEAR', label: t.lastYear },
            { value: 'CUSTOM', label: t.custom },
          ]}
        />
      </div>
      {kind === 'CUSTOM' && (
        <>
          <DateField
            label={t.from}
            value={custom.from}
            onChange={(from) => onCustom({ ...custom, from })}
            clearable={false}
            w={150}
          />
          <DateField
            label={t.to}
            value={custom.to}
            onChange={(to) => onCustom({ ...custom, to })}
            clearable={false}
            w={150}
          />
        </>
      )}
    </Group>
    {kind === 'CUSTOM' && invalid && (
      <Text size="sm" c="red.8" role="alert">
        {t.invalidRange}
      </Text>
    )}
  </Stack>
);
