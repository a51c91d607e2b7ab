/**
 * Writes chunks.json (or the file named) beside the shell's page: the files of each named chunk (bootstrap,
 * page-services, screen-LoginPage, …), so the render server can name a page's scripts in its
 * head instead of the browser finding them one after another.
 */
class ChunkListPlugin {
  constructor(fileName = 'chunks.json') {
    this.fileName = fileName;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkListPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const list = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          list[name] = group.getFiles().filter((file) => file.endsWith('.js'));
        }
        compilation.emitAsset(this.fileName, new compiler.webpack.sources.RawSource(JSON.stringify(list, null, 2)));
      });
    });
  }
}

module.exports = { ChunkListPlugin };
