// A one-page survey for the masking tests: free text, and an Other text sent in each way a
// choice can send one (replacing the answer, appended to it, as a field of its own).
import sharedJson from '@definitions/shared/shared.json';
import { resolveSurvey, type SharedBlocks, type SurveyDefinition } from '../../engine/index';

const t = (en: string) => ({ en, cy: `${en} (cy)` });

export const definition: SurveyDefinition = {
  id: 'fixture-masking',
  serviceName: 'fixture-masking-service',
  title: t('Masking'),
  duration: 1,
  theme: 'default',
  layout: 'single',
  pages: [
    {
      id: 'q1',
      submit: true,
      fields: [
        { name: 'comments', type: 'textarea', label: t('Anything else?') },
        {
          name: 'reason',
          type: 'radios',
          label: t('Why?'),
          options: [
            { value: 'Price', label: t('Price') },
            { value: 'Other', label: t('Something else'), other: true },
          ],
          send: { other: 'replace' },
        },
        {
          name: 'topics',
          type: 'checkboxes',
          label: t('Which?'),
          options: [
            { value: 'Forms', label: t('Forms') },
            { value: 'Other', label: t('Another topic'), other: true },
          ],
          send: { other: 'append' },
        },
        {
          name: 'where',
          type: 'radios',
          label: t('Where?'),
          options: [
            { value: 'Online', label: t('Online') },
            { value: 'Other', label: t('Somewhere else'), other: true },
          ],
        },
        { name: 'email', type: 'email', label: t('Email') },
      ],
    },
  ],
  finish: { panelTitle: t('Thank you'), paragraphs: [t('Done')] },
  footer: 'standard',
};

export const survey = {
  ...resolveSurvey(structuredClone(definition), sharedJson as unknown as SharedBlocks),
  hash: 'hash-masking',
};
