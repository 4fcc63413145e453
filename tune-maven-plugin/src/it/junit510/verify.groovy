// A JUnit 5.10 project (junit-bom 5.10.3) with jtune's engine: both its Jupiter tests and its tuning
// test ran, on the project's own JUnit Platform 1.10 (PlainJupiterTest checks the version on the class path).
def reports = new File(basedir, 'target/surefire-reports')
def jupiter = new File(reports, 'TEST-com.example.PlainJupiterTest.xml')
def tuning = new File(reports, 'TEST-com.example.QuadraticTuningTest.xml')
assert jupiter.isFile() && tuning.isFile() : "reports: ${reports.list()}"

def plain = jupiter.text
assert plain =~ /<testsuite [^>]*tests="2" errors="0"[^>]*failures="0"/ : plain.readLines().take(3)

def trials = tuning.text
assert trials =~ /<testsuite [^>]*tests="4" errors="0"[^>]*failures="0"/ : trials.readLines().take(3)
// each trial is filed under the fully qualified class name
def classnames = (trials =~ /<testcase [^>]*classname="([^"]*)"/).collect { it[1] }
assert classnames == ['com.example.QuadraticTuningTest'] * 4 : "classnames ${classnames}"

def log = new File(basedir, 'build.log').text
assert !log.contains('NoSuchMethodError')
assert !log.contains('SLF4J') : 'no SLF4J provider in the project: jtune falls back to its own stderr lines, no SLF4J(W) noise'
assert log.contains('Tests run: 6, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('BUILD SUCCESS')
return true
