// docs/xgboost.md's project: mvn test ran the tuning test's 8 trials and met its @Expect; tune:run tuned ChurnModel's
// 40 trials, the best one's checkpoint is an XGBoost model; XGBoost warned of nothing (no deprecated text input).
def log = new File(basedir, 'build.log').text

def report = new File(basedir, 'target/surefire-reports/TEST-com.example.ChurnModelTuningTest.xml')
assert report.isFile() : 'mvn test ran no tuning test'
assert report.text =~ /<testsuite [^>]*tests="8" errors="0"[^>]*failures="0"/ : report.text.readLines().take(3)
assert log.contains('Tests run: 8, Failures: 0, Errors: 0, Skipped: 0')

assert log.contains('trials:          40 TERMINATED') : 'tune:run ran ChurnModel'
def best = (log =~ /best checkpoint: (\S*ChurnModel_\S*checkpoint_\d+)/)
assert best.find() : 'ChurnModel printed its best checkpoint'
assert new File(best.group(1), 'model.ubj').isFile() : "the best checkpoint ${best.group(1)} holds the booster"
assert log =~ /best trial: +ChurnModel_\S+: validation-logloss = 0\.\d+/

assert !log.contains('has been deprecated') : 'XGBoost warned of a deprecated call'
assert !log.contains('BUILD FAILURE')
return true
