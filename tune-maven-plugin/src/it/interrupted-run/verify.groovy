// The first run died at the fifth step (second iteration of the second trial); the second, with
// -Djtune.resume=true, found that experiment (the latest CrashOnce_<date>) and continued it to its
// end in the same folder: every trial TERMINATED, each iteration logged exactly once.
import groovy.json.JsonSlurper

def json = new JsonSlurper()
assert new File(basedir, 'target/crash-marker').isFile() : 'the first run did not reach the crash'

def experiments = new File(basedir, 'target/jtune').listFiles().findAll { it.name ==~ /CrashOnce_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d/ }
assert experiments.size() == 1 : "one experiment, resumed in place: ${experiments*.name}"
def dir = experiments[0]
def log = new File(basedir, 'build.log').text
assert log.contains("resuming ${dir.canonicalPath} (jtune.resume=unfinished)") : 'the second run resumed the experiment'

def state = json.parse(new File(dir, 'experiment_state.json'))
assert state.trials.size() == 4 : "trials in the state: ${state.trials*.name}"
assert state.trials.every { it.status == 'TERMINATED' } : "statuses: ${state.trials*.status}"

def folders = dir.listFiles().findAll { it.isDirectory() }*.name.sort()
assert folders == state.trials*.name.sort() : "trial folders ${folders} are the state's trials"
state.trials.each { trial ->
    def results = new File(dir, "${trial.name}/result.json").readLines().findAll { it.trim() }.collect { json.parseText(it) }
    assert results*.training_iteration == [1, 2, 3] : "${trial.name}: ${results*.training_iteration}"
    def rows = new File(dir, "${trial.name}/progress.csv").readLines()
    def column = rows[0].split(',').toList().indexOf('training_iteration')
    assert rows.drop(1).collect { it.split(',')[column] as int } == [1, 2, 3] : "${trial.name}: progress.csv ${rows}"
}
return true
