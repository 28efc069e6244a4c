export { MapEditor, type MapEditorProps } from './components/map-editor';
export { ScratchEditor } from './components/scratch-editor';
export { explorerSearchSchema, type ExplorerSearch } from './lib/search';
