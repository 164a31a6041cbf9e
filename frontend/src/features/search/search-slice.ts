import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SearchTab } from './search-state';

/** UI state of the results page; query and filters live in the URL. */
export interface SearchUiState {
  tab: SearchTab;
  page: number;
  filtersOpen: boolean;
}

const initialState: SearchUiState = { tab: 'all', page: 1, filtersOpen: false };

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    tabChanged(state, action: PayloadAction<SearchTab>) {
      state.tab = action.payload;
      state.page = 1;
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    /** Query or filters changed (any source): back to the first page. */
    criteriaChanged(state) {
      state.page = 1;
    },
    filtersToggled(state, action: PayloadAction<boolean | undefined>) {
      state.filtersOpen = action.payload ?? !state.filtersOpen;
    },
  },
});

export const { tabChanged, pageChanged, criteriaChanged, filtersToggled } = searchSlice.actions;
