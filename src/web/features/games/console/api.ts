import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurseCipher } from '../../../../protocol/curseBreaker';
import { consoleCall } from '../../../api/console';

const PAGE_SIZE = 25;

/** The curse-breaker's console calls (issue 29, `cursebreaker`) and their query keys. */
export const curseKeys = {
  week: (sWeek: string) => ['console', 'curse', sWeek] as const,
  page: (sWeek: string, iPage: number) => ['console', 'curse', sWeek, iPage] as const,
};

/** A week's curse and one page of the members who broke it. */
export function useCurseWeek(sWeek: string, iPage: number) {
  return useQuery({
    queryKey: curseKeys.page(sWeek, iPage),
    queryFn: ({ signal }) => consoleCall('curseShow', { sWeek, iPage, iPageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The set form's fields; empty title, lore or hint: the generated ones. */
export interface CurseForm {
  answer: string;
  cipher: CurseCipher;
  key: string;
  title: string;
  lore: string;
  hint: string;
}

/** Setting a week's curse or going back to the generated one, each with a reason. */
export function useCurseLevers() {
  const queries = useQueryClient();
  return {
    set: (sWeek: string, form: CurseForm, sReason: string) =>
      consoleCall('curseSet', {
        sWeek,
        sAnswer: form.answer,
        sCipher: form.cipher,
        sKey: form.key,
        sTitle: form.title,
        sLore: form.lore,
        sHint: form.hint,
        sReason,
      }),
    clear: (sWeek: string, sReason: string) => consoleCall('curseClear', { sWeek, sReason }),
    refresh: (sWeek: string) => queries.invalidateQueries({ queryKey: curseKeys.week(sWeek) }),
  };
}
