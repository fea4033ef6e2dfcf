/* The one symbol a library built on DepsCABI defines: the function that registers the library's
 * modules. DepsCABI calls it once, after registering DepsModule.builtins and before the first C
 * or Lua call reaches a registry. Define it in Swift with
 *
 *   @_cdecl("depslibrary_register_modules")
 *   public func registerModules() { DepsLibrary.register([MyFeatures.module]) }
 *
 * (docs/modules.md). A library without it fails to link, naming this symbol. */
#ifndef DEPS_LIBRARY_H
#define DEPS_LIBRARY_H

void depslibrary_register_modules(void);

#endif
