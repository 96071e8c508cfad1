/** The per-page choices of the panel's lists and their default (spec 1, section 9; spec 2, section 2). */
export const LIST_PER_PAGE_CHOICES = [10, 15, 50, 100, 1000];
export const LIST_PER_PAGE_DEFAULT = 15;
