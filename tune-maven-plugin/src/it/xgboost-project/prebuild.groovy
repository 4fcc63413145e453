// The data docs/xgboost.md's ChurnModel reads: data/train.csv (8,000 rows) and data/valid.csv (2,000), a seeded
// binary problem of 12 numeric features (an interaction, a sine and a square of Gaussian features, with noise), the label first.
def write(String name, int rows, long seed) {
    def random = new Random(seed)
    new File(basedir, 'data').mkdirs()
    new File(basedir, "data/${name}").withWriter('UTF-8') { out ->
        rows.times {
            double[] x = (0..<12).collect { random.nextGaussian() } as double[]
            double signal = 1.5 * x[0] * x[1] + Math.sin(2 * x[2]) + 0.8 * x[3] - 0.5 * x[4] * x[4] + 0.8 * random.nextGaussian()
            out << (signal > 0 ? '1' : '0') << ',' << x.collect { String.format(Locale.ROOT, '%.4f', it) }.join(',') << '\n'
        }
    }
}
write('train.csv', 8000, 1)
write('valid.csv', 2000, 2)
return true
