// Every benchmark, in table order.

enum Benchmarks {
  static var all: [Benchmark] {
    DependencyBenchmarks.all + ArchitectureBenchmarks.all + SharingBenchmarks.all
      + BridgeBenchmarks.all
      + StateSizeBenchmarks.all
  }
}
