// README's first project: mvn test ran the tuning test; tune:run ran twice without mvn clean, each
// run in a dated folder of its own; -Djtune.resume=true continued the latest one.
def log = new File(basedir, 'build.log').text

def report = new File(basedir, 'target/surefire-reports/TEST-com.example.LineFitTuningTest.xml')
assert report.isFile() : 'mvn test ran no tuning test'
def xml = report.text
assert xml =~ /<testsuite [^>]*tests="3" errors="0"[^>]*failures="0"/ : xml.readLines().take(3)
def classnames = (xml =~ /<testcase [^>]*classname="([^"]*)"/).collect { it[1] }
assert classnames == ['com.example.LineFitTuningTest'] * 3 : "classnames ${classnames}"
assert log.contains('Tests run: 3, Failures: 0, Errors: 0, Skipped: 0')

def storage = new File(basedir, 'target/jtune')
def dated = ~/LineFit_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d(_\d+)?/
def lineFits = storage.listFiles().findAll { it.name ==~ dated }.sort { it.name }
assert lineFits.size() == 2 : "two tune:run runs of LineFit, two folders: ${storage.list()}"
lineFits.each { assert new File(it, 'experiment_state.json').isFile() }
assert log.contains("resuming ${lineFits[-1].canonicalPath}") : 'the resume continues the latest experiment'

// README's pom has tune-report: the tuning test under mvn test wrote its report and TensorBoard files
def tuningTest = storage.listFiles().find { it.name.startsWith('LineFitTuningTest_') }
assert tuningTest != null : "mvn test wrote no experiment folder LineFitTuningTest_<date>: ${storage.list()}"
assert new File(tuningTest, 'report.html').isFile() : "mvn test wrote no report.html into ${tuningTest}"
assert tuningTest.listFiles().any { it.isDirectory() && it.list().any { n -> n.startsWith('events.out.tfevents.') } } : "no TensorBoard event files in the trial folders of ${tuningTest}"

assert log =~ /best checkpoint: .*LineFit_[^ ]*checkpoint_\d+/
// under mvn -q the summary is printed as it is (no [INFO] prefix)
assert log =~ /(?m)^  results in: +\S*\/LineFit_\S+$/ : 'mvn -q tune:run -Djtune.quiet=true still prints the summary'
assert !log.contains('BUILD FAILURE')
assert !log.contains('SLF4J') : 'no SLF4J provider in the project: jtune falls back to its own stderr lines, no SLF4J(W) noise'

// installable: `mvn install` puts sources and Javadoc next to each jtune jar, for IDEs (this IT runs
// inside the reactor build, after those modules were packaged)
def root = new File(basedir, '../../../..').canonicalFile
['tune-api', 'tune-engine', 'tune-junit-engine'].each { module ->
    def jars = new File(root, "${module}/target").list().findAll { it.endsWith('.jar') }
    assert jars.any { it.endsWith('-sources.jar') } && jars.any { it.endsWith('-javadoc.jar') } : "${module}/target: ${jars}"
}
return true
