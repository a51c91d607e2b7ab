/** chunks.json: each named chunk's files, so the render server names a page's scripts in its head. */
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
