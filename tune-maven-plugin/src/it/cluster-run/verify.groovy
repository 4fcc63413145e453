// The trials of tune:run (driver in Maven's JVM) and of the tuning test (driver in Surefire's JVM) ran in the worker started
// by mvn tune:worker; after its two drivers the worker ended by itself.
import java.util.concurrent.TimeUnit

def workerPid = new File(basedir, 'worker.pid').text.strip() as long
def worker = ProcessHandle.of(workerPid)
try {
    def pidsIn = { String prefix ->
        def experiment = new File(basedir, 'target/jtune').listFiles().find { it.name.startsWith(prefix + '_') }
        assert experiment != null : "no experiment folder target/jtune/${prefix}_<date>"
        def results = []
        experiment.eachFileRecurse { if (it.name == 'result.json') results << it }
        results.collectMany { f -> f.readLines().collect { (it =~ /"pid": ?(\d+)/)[0][1] as long } }.toSet()
    }
    assert pidsIn('ClusterTuning') == [workerPid] as Set : 'tune:run -Djtune.cluster: every result computed by the worker'
    assert pidsIn('ClusterTuningTest') == [workerPid] as Set : 'mvn test -Djtune.cluster: every result computed by the worker'

    def report = new File(basedir, 'target/surefire-reports').listFiles().find { it.name.endsWith('.xml') && it.text.contains('ClusterTuningTest') }
    assert report != null && report.text =~ /tests="\d+"/ && !(report.text =~ /failures="[1-9]/) && !(report.text =~ /errors="[1-9]/)

    if (worker.present) {
        worker.get().onExit().get(60, TimeUnit.SECONDS)
    }
    def log = new File(basedir, 'worker.log').text
    assert log.contains('jtune worker: served 2 driver(s)') && log.contains('BUILD SUCCESS') : log
} finally {
    worker.ifPresent { it.destroyForcibly() }
}
return true
